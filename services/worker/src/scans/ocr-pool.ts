import path from 'node:path';
import {
  createScheduler,
  createWorker,
  OEM,
  PSM,
  type RecognizeResult,
  type Scheduler,
  type Worker,
} from 'tesseract.js';
import { REPO_ROOT } from './chemical-database.ts';
import { type OcrWord, readingOrderText } from './reading-order.ts';

/** The English LSTM model shipped in `@tesseract.js-data/eng` (offline; no download at run time). */
export const TESSERACT_LANG_PATH = path.join(REPO_ROOT, 'node_modules/@tesseract.js-data/eng/4.0.0_best_int');

export interface OcrReading {
  /** The text in reading order (columns one after the other). */
  text: string;
  /** Tesseract's mean word confidence, 0–100. */
  confidence: number;
  words: OcrWord[];
}

/**
 * A pool of Tesseract workers (worker threads), created once and reused: a job never pays the
 * model load. `size` workers recognise in parallel; further calls queue in the scheduler.
 */
async function newWorker(langPath: string, pageSegmentation: PSM): Promise<Worker> {
  const worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath, cacheMethod: 'none', gzip: true });
  await worker.setParameters({
    tessedit_pageseg_mode: pageSegmentation,
    preserve_interword_spaces: '0',
    user_defined_dpi: '300',
    // The pre-processing already turned light-on-dark text dark-on-light.
    tessedit_do_invert: '0',
  });
  return worker;
}

function toReading(data: RecognizeResult['data']): OcrReading {
  const words: OcrWord[] = [];
  let line = 0;
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const l of paragraph.lines) {
        for (const w of l.words) {
          words.push({ text: w.text, confidence: w.confidence, ...w.bbox, line });
        }
        line += 1;
      }
    }
  }
  const text = words.length > 0 ? readingOrderText(words) : data.text;
  return { text, confidence: data.confidence, words };
}

export class OcrPool {
  /** One worker that reads the page as a single block of text, made on first use. */
  private blockWorker: Promise<Worker> | null = null;

  private constructor(
    private readonly scheduler: Scheduler,
    readonly size: number,
    private readonly langPath: string,
  ) {}

  static async create({
    size = 1,
    langPath = TESSERACT_LANG_PATH,
  }: {
    size?: number;
    langPath?: string;
  } = {}) {
    const scheduler = createScheduler();
    const workers = await Promise.all(
      Array.from({ length: Math.max(1, size) }, () => newWorker(langPath, PSM.AUTO)),
    );
    for (const worker of workers) scheduler.addWorker(worker);
    return new OcrPool(scheduler, workers.length, langPath);
  }

  async recognize(image: Buffer): Promise<OcrReading> {
    const { data } = await this.scheduler.addJob('recognize', image, {}, { text: true, blocks: true });
    return toReading(data);
  }

  /**
   * A second reading that takes the page as one block of text: Tesseract's page layout analysis
   * sometimes drops whole lines of small or smudged print as "not text", which this mode keeps.
   */
  async recognizeAsBlock(image: Buffer): Promise<OcrReading> {
    this.blockWorker ??= newWorker(this.langPath, PSM.SINGLE_BLOCK);
    const worker = await this.blockWorker;
    const { data } = await worker.recognize(image, {}, { text: true, blocks: true });
    return toReading(data);
  }

  async terminate(): Promise<void> {
    await this.scheduler.terminate();
    if (this.blockWorker) await (await this.blockWorker).terminate();
  }
}

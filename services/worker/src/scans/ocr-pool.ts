import path from 'node:path';
import { createScheduler, createWorker, OEM, PSM, type Scheduler } from 'tesseract.js';
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
export class OcrPool {
  private constructor(
    private readonly scheduler: Scheduler,
    readonly size: number,
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
      Array.from({ length: Math.max(1, size) }, async () => {
        const worker = await createWorker('eng', OEM.LSTM_ONLY, {
          langPath,
          cacheMethod: 'none',
          gzip: true,
        });
        await worker.setParameters({
          tessedit_pageseg_mode: PSM.AUTO,
          preserve_interword_spaces: '0',
          user_defined_dpi: '300',
          // The pre-processing already turned light-on-dark text dark-on-light.
          tessedit_do_invert: '0',
        });
        return worker;
      }),
    );
    for (const worker of workers) scheduler.addWorker(worker);
    return new OcrPool(scheduler, workers.length);
  }

  async recognize(image: Buffer): Promise<OcrReading> {
    const { data } = await this.scheduler.addJob('recognize', image, {}, { text: true, blocks: true });
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

  async terminate(): Promise<void> {
    await this.scheduler.terminate();
  }
}

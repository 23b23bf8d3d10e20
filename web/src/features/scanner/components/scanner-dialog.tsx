import { type ChangeEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../lib/modal.tsx';
import { trackScan } from '../../../lib/usage-tracker.ts';
import { ScanFailure, type ScanResponse, useScanProduct } from '../api/scan-product.ts';
import {
  ANALYSIS_TYPES,
  type AnalysisType,
  CAMERA_CONSTRAINTS,
  CAPTURE_JPEG_QUALITY,
  checkScanFile,
  SCAN_IMAGE_TYPES,
} from '../scan-file.ts';
import { ScanResultPanel } from './scan-result-panel.tsx';
import './scanner.css';

type ScannerDialogProps = { onClose: () => void };

type Camera =
  | { state: 'starting' }
  | { state: 'live'; stream: MediaStream }
  | { state: 'unavailable'; failed: boolean };

/**
 * Fragrance Scanner dialog: the rear camera with Capture, or an upload; an
 * analysis-type selector; preview with remove; "Analyzing image with AI..."; the "Analysis Failed"
 * box or the "Analysis Complete" panel; Scan Another and Close. Loaded lazily from the main page.
 */
export default function ScannerDialog({ onClose }: ScannerDialogProps) {
  const { t } = useTranslation();
  const typeId = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [camera, setCamera] = useState<Camera>({ state: 'starting' });
  const [analysisType, setAnalysisType] = useState<AnalysisType>('comprehensive');
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errorDetail, setErrorDetail] = useState<string | null>(null);
  const [response, setResponse] = useState<ScanResponse | null>(null);
  const scan = useScanProduct();
  const analyzing = scan.isPending;

  const stopCamera = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
  }, []);

  // Open: start the rear camera. Close (unmount): stop it, cancel a running scan.
  useEffect(() => {
    let cancelled = false;
    const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
    if (!media?.getUserMedia) {
      setCamera({ state: 'unavailable', failed: false });
    } else {
      media.getUserMedia(CAMERA_CONSTRAINTS).then(
        (stream) => {
          if (cancelled) {
            for (const track of stream.getTracks()) track.stop();
            return;
          }
          streamRef.current = stream;
          setCamera({ state: 'live', stream });
        },
        () => {
          if (!cancelled) setCamera({ state: 'unavailable', failed: true });
        },
      );
    }
    return () => {
      cancelled = true;
      abortRef.current?.abort();
      stopCamera();
    };
  }, [stopCamera]);

  // The video element comes and goes (it is hidden while a preview shows): attach the stream on mount.
  const attachVideo = useCallback((video: HTMLVideoElement | null) => {
    videoRef.current = video;
    if (video && streamRef.current && video.srcObject !== streamRef.current) {
      video.srcObject = streamRef.current;
      void video.play().catch(() => {});
    }
  }, []);

  // The preview's object URL is released when it changes or the dialog closes.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const reset = () => {
    abortRef.current?.abort();
    scan.reset();
    setPreview(null);
    setError(null);
    setErrorDetail(null);
    setResponse(null);
    if (fileRef.current) fileRef.current.value = '';
  };

  const close = () => {
    reset();
    stopCamera();
    onClose();
  };

  const analyze = (file: Blob, filename: string) => {
    setError(null);
    setErrorDetail(null);
    setResponse(null);
    setPreview(URL.createObjectURL(file));
    const controller = new AbortController();
    abortRef.current = controller;
    const started = performance.now();
    const report = (success: boolean, ingredientsFound: number) =>
      void trackScan({
        analysisType,
        success,
        ingredientsFound,
        processingTime: (performance.now() - started) / 1000,
      });
    scan.mutate(
      { file, filename, analysisType, signal: controller.signal },
      {
        onSuccess: (answer) => {
          setResponse(answer);
          console.info('Scan result', answer);
          report(true, answer.result?.ingredients.length ?? 0);
        },
        onError: (failure) => {
          if (controller.signal.aborted) return;
          report(false, 0);
          if (failure instanceof ScanFailure && failure.kind === 'http') {
            setError(t('scanner.errors.http', { status: failure.status, statusText: failure.statusText }));
            setErrorDetail(failure.detail);
          } else if (failure instanceof ScanFailure && failure.kind === 'unsuccessful') {
            setError(failure.detail || t('scanner.errors.failed'));
          } else {
            setError(t('scanner.errors.exception', { message: (failure as Error).message }));
          }
        },
      },
    );
  };

  const capture = () => {
    const video = videoRef.current;
    const canvas = canvasRef.current;
    if (!video || !canvas || video.videoWidth === 0) return;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (blob) analyze(blob, 'capture.jpg');
        else setError(t('scanner.errors.exception', { message: 'the camera frame could not be captured' }));
      },
      'image/jpeg',
      CAPTURE_JPEG_QUALITY,
    );
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const problem = checkScanFile(file);
    if (problem) {
      setError(t(`scanner.errors.${problem}`));
      setErrorDetail(null);
      event.target.value = '';
      return;
    }
    analyze(file, file.name);
  };

  const result = response?.result ?? null;
  const chosen = preview !== null;
  const live = camera.state === 'live';

  return (
    <Modal
      title={t('scanner.title')}
      onClose={close}
      size="large"
      testId="scanner-dialog"
      description={t('scanner.intro')}
    >
      <div className="scanner">
        <label className="field scanner__type" htmlFor={typeId}>
          <span className="field__label">{t('scanner.analysisType')}</span>
          <select
            id={typeId}
            value={analysisType}
            disabled={analyzing || chosen}
            onChange={(event) => setAnalysisType(event.target.value as AnalysisType)}
          >
            {ANALYSIS_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`scanner.types.${type}`)}
              </option>
            ))}
          </select>
        </label>

        <input
          ref={fileRef}
          type="file"
          accept={SCAN_IMAGE_TYPES.join(',')}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={choose}
          data-testid="scanner-file-input"
        />

        {!chosen && live ? (
          <div className="scanner__camera">
            <video
              ref={attachVideo}
              className="scanner__video"
              playsInline
              muted
              autoPlay
              aria-label={t('scanner.cameraView')}
            />
            <div className="scanner__actions">
              <button type="button" className="button button--primary" onClick={capture}>
                {t('scanner.capture')}
              </button>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => fileRef.current?.click()}
              >
                {t('scanner.uploadInstead')}
              </button>
            </div>
          </div>
        ) : null}

        {!chosen && camera.state === 'starting' ? (
          <p className="scanner__hint">{t('scanner.startingCamera')}</p>
        ) : null}

        {!chosen && camera.state === 'unavailable' ? (
          <div className="scanner__upload-area">
            {camera.failed ? (
              <p className="scanner__camera-error" role="status">
                {t('scanner.errors.camera')}
              </p>
            ) : null}
            <p>{t('scanner.uploadPrompt')}</p>
            <p className="scanner__hint">{t('scanner.uploadHint')}</p>
            <button type="button" className="button button--primary" onClick={() => fileRef.current?.click()}>
              {t('scanner.chooseFile')}
            </button>
          </div>
        ) : null}

        {/* The hidden drawing surface a camera frame is captured on. */}
        <canvas ref={canvasRef} hidden />

        {chosen ? (
          <div className="scanner__preview">
            <img src={preview} alt={t('scanner.previewAlt')} />
            {!analyzing ? (
              <button type="button" className="button button--small button--ghost" onClick={reset}>
                {t('scanner.remove')}
              </button>
            ) : null}
          </div>
        ) : null}

        {analyzing ? (
          <div className="scanner__busy" role="status">
            <div className="spinner" aria-hidden="true" />
            <span>{t('scanner.analyzing')}</span>
          </div>
        ) : null}

        {error ? (
          <div className="scanner__failed" role="alert" data-testid="scan-error">
            <strong>{t('scanner.failedTitle')}</strong>
            <p>{error}</p>
            {errorDetail && errorDetail !== error ? (
              <p className="scanner__failed-detail">{errorDetail}</p>
            ) : null}
          </div>
        ) : null}

        {result ? (
          <>
            <p className="visually-hidden" role="status">
              {t('scanner.success', { count: result.ingredients.length })}
            </p>
            <ScanResultPanel result={result} />
          </>
        ) : null}

        <div className="form__actions">
          {(result || error) && !analyzing ? (
            <button type="button" className="button button--secondary" onClick={reset}>
              {t('scanner.scanAnother')}
            </button>
          ) : null}
          <button type="button" className="button button--ghost" onClick={close}>
            {t('common.close')}
          </button>
        </div>
      </div>
    </Modal>
  );
}

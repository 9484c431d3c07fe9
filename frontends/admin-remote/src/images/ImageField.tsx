import { assetUrl } from '@hap/contracts';
import { ImageOff, LoaderCircle, Upload, X } from 'lucide-react';
import { useContext, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { checkImageFile, uploadImage, UploadRouteContext, type FileProblem, type UploadWording } from './upload-image';
import './images.css';

export interface ImageFieldProps {
  label: string;
  value: string | null;
  onChange: (path: string | null) => void;
  /** Where the upload is stored (the upload endpoint's folder). */
  folder: string;
  /** The template editor's wording and fallback, or the staff/client one (docs/admin.md#validation, docs/admin.md#messages). */
  wording?: UploadWording;
  /** Also offer a field to paste an image address (the template hero image). */
  allowUrl?: boolean;
}

/**
 * One image of a form: a preview, an upload button with progress, optionally
 * an address field, and a remove button. A file is checked before it is sent
 * (type and 5 MB) with the spec's texts; a preview that cannot load says so.
 * A refused file or a failed upload is told at the field (docs/admin.md: an
 * error that belongs to a field shows there), not in a toast that may cover
 * the dialog's buttons; the next pick clears it.
 */
export function ImageField({ label, value, onChange, folder, wording = 'standard', allowUrl = false }: ImageFieldProps) {
  const id = useId();
  const uploadRoute = useContext(UploadRouteContext);
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = checkImageFile(file, wording);
    setProblem(refused);
    if (refused) return;
    abort.current = new AbortController();
    setProgress(0);
    try {
      const stored = await uploadImage(file, { folder, onProgress: setProgress, signal: abort.current.signal, route: uploadRoute });
      onChange(stored.path);
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      setProblem({ title: 'Upload failed', text: (err as Error).message || 'Failed to upload image. Please try again.' });
    } finally {
      setProgress(null);
    }
  }

  const src = assetUrl(value);
  const broken = src !== null && brokenSrc === src;
  const brokenText = wording === 'template' ? 'Image not found' : "Image Preview Error: The provided image couldn't be loaded.";
  return (
    <div className="adm-field img-field">
      <span className="adm-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="img-field__row">
        <div className="img-field__preview" aria-live="polite">
          {src && !broken ? (
            <img src={src} alt={`${label} preview`} onError={() => setBrokenSrc(src)} />
          ) : src && broken ? (
            <span className="img-field__broken" role="alert">
              <ImageOff size={18} aria-hidden />
              {brokenText}
            </span>
          ) : (
            <span className="adm-muted">No image</span>
          )}
        </div>
        <div className="img-field__actions">
          <input ref={input} id={`${id}-file`} type="file" accept="image/*" className="img-field__file" onChange={(e) => void onFile(e)} aria-labelledby={`${id}-label`} tabIndex={-1} />
          <button
            type="button"
            className="adm-button adm-button--secondary"
            onClick={() => input.current?.click()}
            disabled={progress !== null}
            aria-describedby={problem ? `${id}-problem` : undefined}
          >
            {progress !== null ? <LoaderCircle size={16} aria-hidden className="adm-spin" /> : <Upload size={16} aria-hidden />}
            {progress !== null ? `Uploading… ${progress}%` : 'Upload image'}
          </button>
          {value && (
            <button type="button" className="adm-button adm-button--ghost" onClick={() => onChange(null)} aria-label={`Remove ${label}`}>
              <X size={16} aria-hidden />
              Remove
            </button>
          )}
          <span className="adm-muted img-field__hint">PNG, JPG or WEBP, up to 5 MB</span>
        </div>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="adm-field__error img-field__problem" role="alert">
          <strong>{problem.title}:</strong> {problem.text}
        </p>
      )}
      {progress !== null && (
        <div className="img-field__progress" role="progressbar" aria-label={`Uploading ${label}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
          <span style={{ width: `${progress}%` }} />
        </div>
      )}
      {allowUrl && (
        <input
          className="adm-input"
          aria-label={`${label} address`}
          placeholder="or paste an image address: /uploads/… or https://…"
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value.trim() ? event.target.value : null)}
        />
      )}
    </div>
  );
}

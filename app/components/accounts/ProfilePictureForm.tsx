// Profile picture: choose an image, crop it to a square on a canvas in the browser (zoom and
// position), and upload it as a base64 PNG at quality 0.7 (docs/product/accounts.md#profile-picture).
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_MESSAGES } from '../../../common/validation/account';
import { validate } from '../../../common/validation/issues';
import { FORM_SCHEMAS } from '../../lib/form-schemas';
import { FormMessage } from './FormControls';
import { PROFILE_ACTION, useIntentForm } from './useIntentForm';

const OUTPUT_SIZE = 512;
const PNG_QUALITY = 0.7;

type Crop = { zoom: number; x: number; y: number };

/** The square of the source image to draw: zoom 1 is the largest centred square. */
export function cropSquare(width: number, height: number, crop: Crop) {
  const side = Math.min(width, height) / crop.zoom;
  // x and y run 0..100: the share of the free room to the left / above the square.
  const sx = ((width - side) * crop.x) / 100;
  const sy = ((height - side) * crop.y) / 100;
  return { sx, sy, side };
}

export function ProfilePictureForm() {
  const { fetcher, busy, message, setClientError } = useIntentForm(FORM_SCHEMAS.picture, 'picture');
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<Crop>({ zoom: 1, x: 50, y: 50 });
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || !image) return;
    const { sx, sy, side } = cropSquare(image.naturalWidth, image.naturalHeight, crop);
    context.clearRect(0, 0, OUTPUT_SIZE, OUTPUT_SIZE);
    context.drawImage(image, sx, sy, side, side, 0, 0, OUTPUT_SIZE, OUTPUT_SIZE);
  }, [image, crop]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setImage(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) return setClientError(PROFILE_PICTURE_MESSAGES.missing);
    if (file.size > PROFILE_PICTURE_MAX_BYTES) return setClientError(PROFILE_PICTURE_MESSAGES.tooLarge);
    setClientError(null);
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      setCrop({ zoom: 1, x: 50, y: 50 });
      setImage(img);
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      setClientError(PROFILE_PICTURE_MESSAGES.missing);
      URL.revokeObjectURL(url);
    };
    img.src = url;
  };

  const upload = async () => {
    const base64Str = image && canvasRef.current ? canvasRef.current.toDataURL('image/png', PNG_QUALITY) : '';
    const check = validate(await FORM_SCHEMAS.picture(), { base64Str });
    if (!check.ok) return setClientError(check.errors[0]!.message);
    setClientError(null);
    void fetcher.submit({ intent: 'picture', base64Str }, { method: 'post', action: PROFILE_ACTION });
  };

  return (
    <div className="mt-4 space-y-3">
      <div>
        <label htmlFor="profile-picture-file" className="block text-sm font-medium text-gray-800">
          Choose an image
        </label>
        <input
          id="profile-picture-file"
          type="file"
          accept="image/*"
          onChange={choose}
          className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-white"
        />
      </div>
      {image ? (
        <>
          <canvas
            ref={canvasRef}
            width={OUTPUT_SIZE}
            height={OUTPUT_SIZE}
            role="img"
            aria-label="Cropped picture preview"
            className="mx-auto h-48 w-48 rounded-full border border-gray-200"
          />
          <CropSlider label="Zoom" min={1} max={4} step={0.05} value={crop.zoom} onChange={(zoom) => setCrop({ ...crop, zoom })} />
          <CropSlider label="Horizontal position" min={0} max={100} step={1} value={crop.x} onChange={(x) => setCrop({ ...crop, x })} />
          <CropSlider label="Vertical position" min={0} max={100} step={1} value={crop.y} onChange={(y) => setCrop({ ...crop, y })} />
        </>
      ) : null}
      <FormMessage message={message} />
      <button type="button" className="btn-primary w-full" disabled={busy} onClick={() => void upload()}>
        Upload
      </button>
    </div>
  );
}

type SliderProps = { label: string; min: number; max: number; step: number; value: number; onChange: (v: number) => void };

function CropSlider({ label, min, max, step, value, onChange }: SliderProps) {
  const id = `crop-${label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">{label}</label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full accent-secondary"
      />
    </div>
  );
}

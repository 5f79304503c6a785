// The proof of billing (deposit slip) upload: an image file up to 5,000,000 bytes, sent as a
// base64 data URL (as the profile picture); alt text optional.
import { z } from 'zod';
import { base64ByteLength } from '../validation/account';

export const PROOF_MAX_BYTES = 5_000_000;
export const PROOF_ALT_MAX = 200;

export const PROOF_MESSAGES = {
  missing: 'Please upload image',
  notImage: 'Please upload an image file.',
  tooLarge: 'Image must not exceed 5mb!',
  // The deposit slip's own: what is wrong and what to do, shown alone.
  photoTooLarge: 'This photo is larger than 5 MB. Please choose a smaller photo of your deposit slip.',
  notAllowed: 'A proof of billing cannot be uploaded for this order.',
  uploaded: 'Proof of billing uploaded!',
} as const;

export const proofOfBillingSchema = z.object({
  alt: z
    .string()
    .nullish()
    .transform((a) => a?.trim().slice(0, PROOF_ALT_MAX) ?? ''),
  image: z
    .string({ error: PROOF_MESSAGES.missing })
    .refine((s) => s.trim().length > 0, PROOF_MESSAGES.missing)
    .refine((s) => !s.startsWith('data:') || s.startsWith('data:image/'), PROOF_MESSAGES.notImage)
    .refine((s) => base64ByteLength(s) <= PROOF_MAX_BYTES, PROOF_MESSAGES.photoTooLarge),
});

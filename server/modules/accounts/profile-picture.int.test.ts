// userProfilePictureUpload: size limit, image check, square PNG under DATA_DIR/media/avatars.
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { users } from './accounts.tables';
import { hashPassword } from './passwords';
import { signSessionToken } from './session';

let t: TestApi;
let token: string;
beforeAll(async () => {
  t = await createTestApi();
  const [user] = await t.db
    .insert(users)
    .values({ email: 'pic@example.com', passwordHash: await hashPassword('suki-secret-123'), firstName: 'Pia', lastName: 'Co' })
    .returning();
  token = await signSessionToken(user, t.config.jwtSecret);
});
afterAll(async () => {
  await t?.close();
});

const UPLOAD = `mutation($b: String!) { userProfilePictureUpload(base64Str: $b) { user { profilePicture { url alt } } errors { field message } } }`;
type Upload = { userProfilePictureUpload: { user: { profilePicture: { url: string; alt: string } | null } | null; errors: { field: string; message: string }[] } };

describe('profile picture', () => {
  it('stores any image as a square PNG and replaces the previous file', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ff6600' } }).jpeg().toBuffer();
    const first = await t.gql<Upload>(UPLOAD, { b: `data:image/jpeg;base64,${jpeg.toString('base64')}` }, { token });
    const picture = first.data!.userProfilePictureUpload.user!.profilePicture!;
    expect(picture.url).toMatch(/^\/media\/avatars\/\d+-[0-9a-f]+\.png$/);
    expect(picture.alt).toBe('Pia Co');
    const file = path.join(t.config.dataDir, picture.url.replace(/^\//, ''));
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 200, height: 200 });

    const big = await sharp({ create: { width: 1200, height: 900, channels: 4, background: '#008080' } }).png().toBuffer();
    const second = await t.gql<Upload>(UPLOAD, { b: big.toString('base64') }, { token });
    const next = second.data!.userProfilePictureUpload.user!.profilePicture!;
    expect(await sharp(path.join(t.config.dataDir, next.url.replace(/^\//, ''))).metadata()).toMatchObject({ width: 512, height: 512 });
    expect(existsSync(file)).toBe(false);
  });

  it('refuses more than 5,000,000 bytes, non-images and an empty upload with the rulebook messages', async () => {
    const tooBig = Buffer.alloc(5_000_001, 1).toString('base64');
    expect((await t.gql<Upload>(UPLOAD, { b: tooBig }, { token })).data?.userProfilePictureUpload.errors).toEqual([
      { field: 'base64Str', message: 'Image must not exceed 5mb!' },
    ]);
    expect((await t.gql<Upload>(UPLOAD, { b: Buffer.from('not an image').toString('base64') }, { token })).data?.userProfilePictureUpload.errors).toEqual([
      { field: 'base64Str', message: 'Please upload image' },
    ]);
    expect((await t.gql<Upload>(UPLOAD, { b: '' }, { token })).data?.userProfilePictureUpload.errors).toEqual([
      { field: 'base64Str', message: 'Please upload image' },
    ]);
  });
});

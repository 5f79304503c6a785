import { describe, expect, it } from 'vitest';
import { verifiedDestination } from '../../routes/verify';
import { cleanFacebookMessage } from './FacebookLoginButton';
import { cropSquare } from './ProfilePictureForm';

describe('verifiedDestination', () => {
  it('goes to /{redirect}, or /account without one', () => {
    expect(verifiedDestination('checkout')).toBe('/checkout');
    expect(verifiedDestination('/account/orders')).toBe('/account/orders');
    expect(verifiedDestination(null)).toBe('/account');
    expect(verifiedDestination('  ')).toBe('/account');
  });

  it('never leaves the site', () => {
    expect(verifiedDestination('//evil.example')).toBe('/evil.example');
    expect(verifiedDestination('https://evil.example')).toBe('/account');
    expect(verifiedDestination('javascript:alert(1)')).toBe('/account');
    expect(verifiedDestination('\\evil.example')).toBe('/account');
  });
});

describe('cleanFacebookMessage', () => {
  it('strips brackets and quotes from the server message', () => {
    expect(cleanFacebookMessage("['Invalid token']")).toBe('Invalid token');
    expect(cleanFacebookMessage('{"message": "Expired"}')).toBe('message: Expired');
  });
});

describe('cropSquare', () => {
  it('takes the largest centred square at zoom 1', () => {
    expect(cropSquare(400, 200, { zoom: 1, x: 50, y: 50 })).toEqual({ sx: 100, sy: 0, side: 200 });
  });

  it('zooms in and moves within the image', () => {
    expect(cropSquare(400, 200, { zoom: 2, x: 0, y: 100 })).toEqual({ sx: 0, sy: 100, side: 100 });
    expect(cropSquare(400, 200, { zoom: 2, x: 100, y: 0 })).toEqual({ sx: 300, sy: 0, side: 100 });
  });
});

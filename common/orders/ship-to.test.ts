import { describe, expect, it } from 'vitest';
import { shipToLine, shipToLines, shipToPhone } from './ship-to';

const address = {
  firstName: 'Maria',
  lastName: 'Santos',
  companyName: '',
  streetAddress1: '12 Mabini Street',
  streetAddress2: 'Unit 3',
  cityArea: 'Bagong Pag-asa',
  city: 'Quezon City',
  countryArea: 'Metro Manila',
  postalCode: '1105',
  phone: '+639175550142',
};

describe('ship-to address (staff saw it without barangay and postal code)', () => {
  it('gives every line a courier needs, barangay and postal code included', () => {
    expect(shipToLines(address)).toEqual(['Maria Santos', '12 Mabini Street', 'Unit 3', 'Bagong Pag-asa, Quezon City', 'Metro Manila 1105']);
    expect(shipToLines({ ...address, companyName: 'Suki Corp', streetAddress2: null, cityArea: null })).toEqual([
      'Maria Santos',
      'Suki Corp',
      '12 Mabini Street',
      'Quezon City',
      'Metro Manila 1105',
    ]);
    expect(shipToLine(address)).toBe('12 Mabini Street, Unit 3, Bagong Pag-asa, Quezon City, Metro Manila 1105');
  });

  it('shows the phone as people read it, with a link to call it', () => {
    expect(shipToPhone('+639175550142')).toEqual({ text: '+63 917 555 0142', href: 'tel:+639175550142' });
    expect(shipToPhone('+630917123456')).toEqual({ text: '+630917123456', href: null });
    expect(shipToPhone('')).toBeNull();
  });
});

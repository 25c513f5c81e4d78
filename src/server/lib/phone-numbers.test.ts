import { describe, expect, it } from 'vitest';
import { displayPhoneNumber, normalisePhoneNumber } from './phone-numbers';

describe('a phone number, stored once in E.164', () => {
  it('is the same UK number in its local and international forms', () => {
    const forms = [
      '020 7946 0958',
      '(020) 7946-0958',
      '+44 20 7946 0958',
      '+44 (0)20 7946 0958',
      '0044 20 7946 0958',
      '02079460958',
    ];
    for (const typed of forms) expect(normalisePhoneNumber('GB', typed), typed).toBe('+442079460958');
    expect(normalisePhoneNumber('GB', '07911 123456')).toBe('+447911123456');
    // Numbers set aside for drama can never be dialled.
    expect(normalisePhoneNumber('GB', '07700 900123')).toBeNull();
  });

  it('reads a number without a country code as the operator’s country’s, and keeps another country’s code', () => {
    expect(normalisePhoneNumber('US', '(512) 555-0142')).toBe('+15125550142');
    expect(normalisePhoneNumber('US', '512.555.0142')).toBe('+15125550142');
    expect(normalisePhoneNumber('CA', '613-555-0199')).toBe('+16135550199');
    expect(normalisePhoneNumber('ES', '912 34 56 78')).toBe('+34912345678');
    expect(normalisePhoneNumber('US', '+44 20 7946 0958')).toBe('+442079460958');
    expect(normalisePhoneNumber('GB', '+1 512 555 0142')).toBe('+15125550142');
  });

  it.each([
    ['GB', '020 7946'],
    ['GB', '12345'],
    ['US', '555-0142'],
    ['US', '(012) 555-0142'],
    ['US', 'call me'],
    ['US', ''],
    ['US', '+'],
    ['US', `512 555 0142 ${'1'.repeat(30)}`],
    ['GB', '+44 20 7946 0958 0958 0958'],
  ])('refuses %s %j', (country, typed) => {
    expect(normalisePhoneNumber(country, typed)).toBeNull();
  });

  it('reads full-width digits', () => {
    expect(normalisePhoneNumber('US', '５１２５５５０１４２')).toBe('+15125550142');
  });

  it('is shown nationally in its own country and internationally elsewhere', () => {
    expect(displayPhoneNumber('GB', '+442079460958')).toBe('020 7946 0958');
    expect(displayPhoneNumber('US', '+442079460958')).toBe('+44 20 7946 0958');
    expect(displayPhoneNumber('US', '+15125550142')).toBe('(512) 555-0142');
    expect(displayPhoneNumber('US', 'not stored by us')).toBe('not stored by us');
  });
});

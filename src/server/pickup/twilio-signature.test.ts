import { describe, expect, it } from 'vitest';
import { isTwilioSignatureValid, twilioSignature } from './twilio-signature';

// Twilio's published example (twilio-node's webhook tests): token 12345, this URL and these parameters.
const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const params = new URLSearchParams({
  CallSid: 'CA1234567890ABCDE',
  Caller: '+14158675309',
  Digits: '1234',
  From: '+14158675309',
  To: '+18005551212',
});

describe('Twilio request signature', () => {
  it('matches the signature Twilio documents', () => {
    expect(twilioSignature('12345', url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(isTwilioSignatureValid('12345', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(true);
  });

  it('refuses another token, URL, parameter, or none', () => {
    expect(isTwilioSignatureValid('54321', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
    expect(isTwilioSignatureValid('12345', `${url}&x=1`, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
    const changed = new URLSearchParams(params);
    changed.set('Digits', '1235');
    expect(isTwilioSignatureValid('12345', url, changed, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
    expect(isTwilioSignatureValid('12345', url, params, undefined)).toBe(false);
  });
});

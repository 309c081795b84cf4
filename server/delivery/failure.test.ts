/**
 * @jest-environment node
 *
 * What a failed try's error means to an agency (the contract's DeliveryError): the errors
 * Node's fetch, nodemailer and the channels throw, each as its code.
 */
import { DeliveryFailure, reasonOf, reasonOfText } from './failure';

const fetchFailed = (code: string, message = code) =>
  new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });
const smtpError = (fields: Record<string, unknown>) => Object.assign(new Error('smtp'), fields);

describe("a failed try's error as a code", () => {
  it.each([
    ['a refused connection', fetchFailed('ECONNREFUSED'), { code: 'connection_refused' }],
    ['an unknown host', fetchFailed('ENOTFOUND'), { code: 'host_not_found' }],
    ['a name server not answering', fetchFailed('EAI_AGAIN'), { code: 'host_not_found' }],
    ['an expired certificate', fetchFailed('CERT_HAS_EXPIRED'), { code: 'tls' }],
    ['a self-signed certificate', fetchFailed('DEPTH_ZERO_SELF_SIGNED_CERT'), { code: 'tls' }],
    [
      'a name the certificate does not hold',
      fetchFailed('ERR_TLS_CERT_ALTNAME_INVALID'),
      { code: 'tls' },
    ],
    ['a connection reset', fetchFailed('ECONNRESET'), { code: 'connection_lost' }],
    ['a connect timeout', fetchFailed('UND_ERR_CONNECT_TIMEOUT'), { code: 'timeout' }],
    [
      'the timeout signal',
      new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
      { code: 'timeout' },
    ],
    ['an SMTP timeout', smtpError({ code: 'ETIMEDOUT' }), { code: 'timeout' }],
    [
      'an SMTP sign-in refused',
      smtpError({ code: 'EAUTH', responseCode: 535, response: '535 5.7.8 bad credentials' }),
      { code: 'smtp_auth' },
    ],
    [
      'an SMTP reply',
      smtpError({ code: 'EENVELOPE', responseCode: 451, response: '451 4.3.0 try later' }),
      { code: 'smtp_reply', status: 451, enhanced: '4.3.0' },
    ],
    [
      'an SMTP reply without an enhanced code',
      smtpError({ responseCode: 554, response: '554 no' }),
      { code: 'smtp_reply', status: 554 },
    ],
    [
      "a channel's own reason",
      new DeliveryFailure('the receiver answered 404', { code: 'http_status', status: 404 }),
      { code: 'http_status', status: 404 },
    ],
    ['anything else', new Error('Kaputt'), { code: 'unknown' }],
    ['not an error at all', 'kaputt', { code: 'unknown' }],
  ])('%s', (_name, error, reason) => {
    expect(reasonOf(error)).toEqual(reason);
  });

  it('reads the texts stored before codes were', () => {
    expect(reasonOfText('the receiver answered 503')).toEqual({ code: 'http_status', status: 503 });
    expect(reasonOfText('webhooks are not configured')).toEqual({ code: 'not_configured' });
    expect(reasonOfText('another worker took over this delivery')).toEqual({ code: 'lease_lost' });
    expect(reasonOfText('The operation was aborted due to timeout')).toEqual({ code: 'timeout' });
    expect(reasonOfText('<script>alert(1)</script>')).toEqual({ code: 'unknown' });
  });
});

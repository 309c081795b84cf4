/** The dev outbox (DECISIONS 15): /dev/mailbox (HTML) and /dev/mailbox.json (newest first). */
import type { FastifyInstance } from 'fastify';
import type { Outbox } from '../delivery/outbox';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function registerMailbox(app: FastifyInstance, outbox: Outbox) {
  app.get('/dev/mailbox.json', async () => outbox.mailbox());
  app.get('/dev/mailbox', async (_request, reply) => {
    const mails = outbox.mailbox();
    const items = mails
      .map(
        (
          m,
        ) => `<article><h2>${escape(m.subject)}</h2><p>An: ${escape(m.to)} · ${escape(m.createdAt)}</p>
<pre>${escape(m.text)}</pre>${m.links.map((l) => `<p><a href="${escape(l)}">${escape(l)}</a></p>`).join('')}</article>`,
      )
      .join('<hr>');
    return reply.type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="de"><head><meta charset="utf-8">
<title>Postausgang (Entwicklung)</title><style>body{font-family:sans-serif;max-width:50rem;margin:auto;padding:1rem}
pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem}</style></head><body><main><h1>Postausgang (Entwicklung)</h1>
${items || '<p>Keine E-Mails.</p>'}</main></body></html>`);
  });
}

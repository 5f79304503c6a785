// An SMTP server on loopback that accepts every message and keeps its envelope, so a test can
// count what the shop's email jobs sent (SMTP_URL=smtp://127.0.0.1:port). Plain SMTP without
// STARTTLS, AUTH or pipelining: what nodemailer's pooled transport needs and no more.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export type SentMail = { from: string; to: string[]; bytes: number };

export type SmtpSink = { url: string; messages: SentMail[]; close(): Promise<void> };

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: SentMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let envelope: SentMail = { from: '', to: [], bytes: 0 };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          envelope.bytes = end;
          messages.push(envelope);
          envelope = { from: '', to: [], bytes: 0 };
          buffer = buffer.slice(end + 5);
          inData = false;
          reply('250 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
        if (verb === 'MAIL') {
          envelope = { from: address, to: [], bytes: 0 };
          reply('250 ok');
        } else if (verb === 'RCPT') {
          envelope.to.push(address);
          reply('250 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else {
          reply('250 sink'); // EHLO (no extensions), HELO, RSET, NOOP
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A listener of an attacker's choosing, for security tests: it speaks just enough IMAP or
 * SMTP to make a client send its credentials, and keeps every byte it receives, so a test
 * can prove that a secret never reached it (neither in the clear nor base64-encoded, as
 * AUTHENTICATE PLAIN / AUTH PLAIN / AUTH LOGIN send it).
 */
import net from 'node:net';

export interface FakeMailListener {
  port: number;
  /** TCP connections accepted so far. */
  connections(): number;
  /** Everything received, as latin1 text. */
  received(): string;
  /** Whether `secret` arrived, in the clear or inside any base64 token. */
  sawSecret(secret: string): boolean;
  stop(): Promise<void>;
}

/** A naive IMAP (greeting, CAPABILITY, refuse every sign-in) or SMTP (EHLO with AUTH, refuse every AUTH) peer. */
export async function startFakeMailListener(kind: 'imap' | 'smtp'): Promise<FakeMailListener> {
  const chunks: Buffer[] = [];
  const sockets = new Set<net.Socket>();
  let count = 0;
  const server = net.createServer((socket) => {
    count++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let pending = '';
    let smtpLogin = 0;
    const imap = { sasl: null as string | null };
    socket.write(kind === 'imap' ? '* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN AUTH=LOGIN] ready\r\n' : '220 fake.test ESMTP\r\n');
    socket.on('data', (d: Buffer) => {
      chunks.push(Buffer.from(d));
      pending += d.toString('latin1');
      let nl = pending.indexOf('\n');
      while (nl >= 0) {
        const line = pending.slice(0, nl).replace(/\r$/, '');
        pending = pending.slice(nl + 1);
        nl = pending.indexOf('\n');
        if (kind === 'imap') answerImap(socket, line, imap);
        else smtpLogin = answerSmtp(socket, line, smtpLogin);
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const received = () => Buffer.concat(chunks).toString('latin1');
  return {
    port,
    connections: () => count,
    received,
    sawSecret(secret) {
      const all = received();
      if (all.includes(secret)) return true;
      for (const token of all.match(/[A-Za-z0-9+/=]{4,}/g) ?? [])
        if (Buffer.from(token, 'base64').toString('latin1').includes(secret)) return true;
      return false;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Answers one IMAP line; `state.sasl` is the tag of an AUTHENTICATE waiting for its credentials. */
function answerImap(socket: net.Socket, line: string, state: { sasl: string | null }) {
  if (state.sasl) {
    // The client's SASL response (base64 credentials): captured, then refused.
    socket.write(`${state.sasl} NO [AUTHENTICATIONFAILED] refused\r\n`);
    state.sasl = null;
    return;
  }
  const [tag = '*', command = ''] = line.split(' ');
  const cmd = command.toUpperCase();
  if (cmd === 'CAPABILITY') socket.write(`* CAPABILITY IMAP4rev1 AUTH=PLAIN AUTH=LOGIN\r\n${tag} OK done\r\n`);
  else if (cmd === 'LOGIN') socket.write(`${tag} NO [AUTHENTICATIONFAILED] refused\r\n`);
  else if (cmd === 'AUTHENTICATE') {
    if (line.split(' ').length > 3) socket.write(`${tag} NO [AUTHENTICATIONFAILED] refused\r\n`);
    else {
      state.sasl = tag;
      socket.write('+ \r\n');
    }
  } else if (cmd === 'LOGOUT') {
    socket.write(`* BYE\r\n${tag} OK bye\r\n`);
    socket.end();
  } else socket.write(`${tag} OK done\r\n`);
}

/** Answers one SMTP line; the number says how many AUTH LOGIN prompts are still owed. */
function answerSmtp(socket: net.Socket, line: string, login: number): number {
  if (login > 0) {
    if (login === 2) socket.write('334 UGFzc3dvcmQ6\r\n');
    else socket.write('535 5.7.8 refused\r\n');
    return login - 1;
  }
  const cmd = line.split(' ')[0]?.toUpperCase() ?? '';
  if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250-fake.test\r\n250 AUTH PLAIN LOGIN\r\n');
  else if (cmd === 'AUTH') {
    const parts = line.split(' ');
    if ((parts[1] ?? '').toUpperCase() === 'LOGIN') {
      if (parts[2]) {
        socket.write('334 UGFzc3dvcmQ6\r\n');
        return 1;
      }
      socket.write('334 VXNlcm5hbWU6\r\n');
      return 2;
    }
    if (parts[2]) socket.write('535 5.7.8 refused\r\n');
    else {
      socket.write('334 \r\n');
      return 1;
    }
  } else if (cmd === 'QUIT') {
    socket.write('221 bye\r\n');
    socket.end();
  } else socket.write('250 ok\r\n');
  return 0;
}

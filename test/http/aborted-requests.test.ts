// Clients that go away mid-request, on raw sockets: half a body, or a disconnect while the quote is computing. The
// process must not crash (the service runs in this test process), later requests must still get answers, and
// nothing may stay counted as in flight.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { type TestService, startTestService } from '../support/service.ts';
import { ADVANCED_PATH, NATIVE, QUOTES_PATH, postQuote, quoteRequest } from './helpers.ts';

let api: TestService;
before(async () => {
  api = await startTestService(undefined);
});
after(() => api.service.close());

function requestHead(path: string, contentLength: number): string {
  return `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${contentLength}\r\n\r\n`;
}

/** Opens a raw connection, writes `data`, waits for the server to take it in, then drops the connection. */
async function sendAndVanish(port: number, data: string, reset = false, linger = 30): Promise<void> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  await new Promise<void>((resolve, reject) => socket.write(data, (error) => (error ? reject(error) : resolve())));
  await sleep(linger);
  if (reset) socket.resetAndDestroy();
  else socket.destroy();
  await once(socket, 'close');
}

/** A quote no other test asks for, on the slower deep search, so it is still computing when the client leaves. */
let nextAmount = 10n ** 24n;
function slowQuote(): string {
  nextAmount += 7n;
  return JSON.stringify(quoteRequest({ platform: 'mixed', fromToken: NATIVE, amountIn: nextAmount.toString() }));
}

async function assertStillAnswering(port: number): Promise<void> {
  const response = await postQuote(port, quoteRequest());
  assert.equal(response.status, 200, response.text);
}

describe('half a body', () => {
  it('survives a client that sends half its body and closes the socket', async () => {
    const body = JSON.stringify(quoteRequest());
    await sendAndVanish(api.port, requestHead(QUOTES_PATH, Buffer.byteLength(body)) + body.slice(0, body.length >> 1));
    await assertStillAnswering(api.port);
  });

  it('survives a client that sends half its body and resets the connection', async () => {
    const body = JSON.stringify(quoteRequest());
    await sendAndVanish(api.port, requestHead(ADVANCED_PATH, Buffer.byteLength(body)) + body.slice(0, 10), true);
    await assertStillAnswering(api.port);
  });

  it('survives a client that sends only the headers and closes the socket', async () => {
    await sendAndVanish(api.port, requestHead(QUOTES_PATH, 200));
    await assertStillAnswering(api.port);
  });
});

describe('disconnect while computing', () => {
  it('survives a client that disconnects while its quote is computing, and answers the same quote to the next', async () => {
    const body = slowQuote();
    await sendAndVanish(api.port, requestHead(ADVANCED_PATH, Buffer.byteLength(body)) + body, false, 5);
    const response = await postQuote(api.port, body, {}, ADVANCED_PATH);
    assert.equal(response.status, 200, response.text);
  });

  it('survives ten clients that reset their connections while their quotes compute', async () => {
    await Promise.all(
      Array.from({ length: 10 }, () => {
        const body = slowQuote();
        return sendAndVanish(api.port, requestHead(ADVANCED_PATH, Buffer.byteLength(body)) + body, true, 5);
      }),
    );
    await assertStillAnswering(api.port);
  });
});

describe('shutdown after aborts', () => {
  it('counts nothing as in flight after aborted requests: close does not wait out its 10 s grace', async () => {
    const service = await startTestService(undefined);
    try {
      const quote = slowQuote();
      const half = JSON.stringify(quoteRequest());
      await Promise.all([
        sendAndVanish(service.port, requestHead(ADVANCED_PATH, Buffer.byteLength(quote)) + quote, false, 5),
        sendAndVanish(service.port, requestHead(QUOTES_PATH, Buffer.byteLength(half)) + half.slice(0, 20)),
      ]);
      await assertStillAnswering(service.port);
    } finally {
      const started = performance.now();
      await service.service.close();
      const closeMs = performance.now() - started;
      assert.ok(closeMs < 5_000, `close took ${Math.round(closeMs)} ms: an aborted request stayed in flight`);
    }
  });
});

// A loopback TCP proxy a test can cut and restore, to play an RPC endpoint that dies and comes back.
import { type Server, type Socket, createConnection, createServer } from 'node:net';

export interface TcpProxy {
  url: string;
  /** Closes the listener and every open connection: the endpoint is gone. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Proxies 127.0.0.1:<free port> to `target` (an http://127.0.0.1:port URL). */
export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const { hostname, port: targetPort } = new URL(target);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = async () => {
    server = createServer((client) => {
      const upstream = createConnection({ host: hostname, port: Number(targetPort) });
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (address && typeof address === 'object') port = address.port;
  };
  const cut = async () => {
    const closing = server ? new Promise<void>((resolve) => server!.close(() => resolve())) : Promise.resolve();
    server = undefined;
    for (const s of sockets) s.destroy();
    await closing;
  };
  await listen();
  return { url: `http://127.0.0.1:${port}`, cut, restore: listen, close: cut };
}

// A client for timing a service over loopback: node:http on one kept-alive connection, JSON requests, responses as
// received (decoding them is the caller's, after its clock stops). Node's fetch (undici's WHATWG streams) adds about
// 1.4 ms to every request on this machine, more than the service's own HTTP and worker hand-off; a timing client must
// not weigh more than what it times.
import http from 'node:http';

/** A response as received: the body still undecoded, so a timing stops at its last byte, not after the client's parse. */
export interface RawResponse {
  status: number;
  text: string;
  /** The Server-Timing header, when the response has one. */
  serverTiming?: string;
}

export interface LoopbackClient {
  post(path: string, payload: unknown): Promise<RawResponse>;
  close(): void;
}

/** A client of the server on 127.0.0.1:`port`, one request at a time over one kept-alive connection. */
export function loopbackClient(port: number): LoopbackClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return {
    post: (path, payload) =>
      new Promise((resolve, reject) => {
        const body = JSON.stringify(payload);
        const request = http.request(
          { host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            const timing = response.headers['server-timing'];
            const serverTiming = Array.isArray(timing) ? timing.join(', ') : timing;
            response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), serverTiming }));
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.end(body);
      }),
    close: () => agent.destroy(),
  };
}

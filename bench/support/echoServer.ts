// A bare uWS JSON echo: parses the request body and answers a constant JSON reply. The ceiling the service's
// own HTTP path is compared against, measured in the same run.
import uWS from 'uWebSockets.js';

const reply = JSON.stringify({ success: true, data: { amountOut: '1' }, message: 'OK' });
const app = uWS.App();
app.post('/*', (res) => {
  res.onAborted(() => {});
  let body = '';
  res.onData((chunk, isLast) => {
    body += Buffer.from(chunk).toString('utf8');
    if (isLast) {
      JSON.parse(body);
      res.cork(() => res.writeHeader('Content-Type', 'application/json').end(reply));
    }
  });
});
app.listen('127.0.0.1', 0, (socket) => {
  process.stderr.write(JSON.stringify({ message: 'echo listening', port: uWS.us_socket_local_port(socket as uWS.us_listen_socket) }) + '\n');
});
process.on('SIGTERM', () => process.exit(0));

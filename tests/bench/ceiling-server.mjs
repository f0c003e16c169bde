// The machine's ceiling: the smallest possible node:http server, in its own
// process like the app, so every figure can be read as a ratio to it.
// With CEILING_RESPONSE_FILE (JSON: status, headers, body in base64), it sends
// exactly that answer instead: the ceiling for an answer of that size.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const recorded = process.env.CEILING_RESPONSE_FILE ? JSON.parse(readFileSync(process.env.CEILING_RESPONSE_FILE, "utf8")) : undefined;
const status = recorded?.status ?? 200;
const headers = recorded?.headers ?? { "content-type": "text/plain" };
const body = recorded ? Buffer.from(recorded.body, "base64") : "hello world";

const server = createServer((_req, res) => {
  res.writeHead(status, headers);
  res.end(body);
});
server.listen(0, "127.0.0.1", () => {
  process.send?.({ port: server.address().port });
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));

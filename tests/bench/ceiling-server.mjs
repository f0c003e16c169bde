// The machine's ceiling: the smallest possible node:http server, in its own
// process like the app, so every figure can be read as a ratio to it.
import { createServer } from "node:http";

const server = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "text/plain" });
  res.end("hello world");
});
server.listen(0, "127.0.0.1", () => {
  process.send?.({ port: server.address().port });
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));

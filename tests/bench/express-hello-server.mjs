// What a user would pick instead of this app: Express's own hello world, in
// its own process like the app and the node:http ceiling.
import express from "express";

const app = express();
app.disable("x-powered-by");
app.get("/", (_req, res) => {
  res.type("text/plain").send("hello world");
});
const server = app.listen(0, "127.0.0.1", () => {
  process.send?.({ port: server.address().port });
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));

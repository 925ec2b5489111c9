// The machine's ceiling: a bare node:http server answering a small JSON body, as cheap as a server can be.
import http from "node:http";

const body = JSON.stringify({ ok: true, user: { id: 1, name: "Ceiling" } });
const server = http.createServer((_request, response) => {
  response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") console.log(`ceiling listening at http://127.0.0.1:${address.port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));

// The machine's ceiling: a bare node:http server answering a small JSON body, as cheap as a server can be.
// With CEILING_ANSWER (a JSON file {headers, body} with the body in base64) it answers those bytes instead: what
// the machine can do for an answer of that size (bench/learning.ts gives it the cached sales page).
import fs from "node:fs";
import http from "node:http";

const given = process.env.CEILING_ANSWER
  ? (JSON.parse(fs.readFileSync(process.env.CEILING_ANSWER, "utf8")) as {
      headers: Record<string, string>;
      body: string;
    })
  : undefined;
const body = given
  ? Buffer.from(given.body, "base64")
  : Buffer.from(JSON.stringify({ ok: true, user: { id: 1, name: "Ceiling" } }));
const headers = {
  ...(given?.headers ?? { "content-type": "application/json" }),
  "content-length": String(body.length),
};
const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (address && typeof address === "object") console.log(`ceiling listening at http://127.0.0.1:${address.port}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));

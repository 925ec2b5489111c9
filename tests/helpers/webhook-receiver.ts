// A local webhook receiver on 127.0.0.1 for the webhook tests: it keeps every request (headers and body) and
// answers what the test tells it to: a status, or nothing at all (a hung receiver, for the timeout).
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = { headers: http.IncomingHttpHeaders; body: string };

export type WebhookReceiver = {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** the status of the next answers (200 unless told); "hang" never answers */
  answer: number | "hang";
  close(): Promise<void>;
};

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const hung = new Set<http.ServerResponse>();
  const receiver: WebhookReceiver = {
    url: "",
    port: 0,
    received: [],
    answer: 200,
    close: () =>
      new Promise((resolve) => {
        for (const response of hung) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      if (receiver.answer === "hang") {
        hung.add(response);
        return;
      }
      response.writeHead(receiver.answer, { "content-type": "text/plain" });
      response.end(receiver.answer < 300 ? "thanks" : "receiver broke");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks`;
  return receiver;
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxyStats {
  /** Proposal tool calls that reached the proxy. */
  proposalCalls: number;
  /** Of those, answers dropped after the server handled them. */
  dropped: number;
}

export interface LossyProxy {
  url: string;
  stats: ProxyStats;
  close: () => Promise<void>;
}

const PROPOSAL = /"method"\s*:\s*"tools\/call"[\s\S]*"name"\s*:\s*"propose_room_(?:snippet|repo)_app"/;

/**
 * A loopback proxy to a real server. For each proposal tool call it forwards the request, waits for the
 * server's full answer, then, when `drop(body)` says so, cuts the client's connection instead of answering:
 * the server handled the call, the client never hears back.
 */
export async function startLossyProxy(target: string, drop: (body: string) => boolean): Promise<LossyProxy> {
  const stats: ProxyStats = { proposalCalls: 0, dropped: 0 };
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const text = body.toString('utf8');
    const isProposal = req.method === 'POST' && PROPOSAL.test(text);
    if (isProposal) stats.proposalCalls++;
    const out = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
        agent,
      },
      async (up) => {
        const answer: Buffer[] = [];
        for await (const c of up) answer.push(c as Buffer);
        if (isProposal && drop(text)) {
          stats.dropped++;
          req.socket.destroy();
          return;
        }
        res.writeHead(up.statusCode ?? 502, up.headers);
        res.end(Buffer.concat(answer));
      },
    );
    out.on('error', () => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'not_available', message: 'upstream unreachable' }));
    });
    out.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    close: async () => {
      server.closeAllConnections();
      agent.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

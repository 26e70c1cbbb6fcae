import http from 'node:http';

export interface HostReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request to the loopback server on `port` under another Host (`<key>.localhost:<port>`), path unparsed,
 * as the browser sends it: fetch cannot set Host, and only Chromium resolves `*.localhost`.
 */
export function requestOnHost(
  port: number | string,
  host: string,
  pathname: string,
  opts: { method?: string; headers?: Record<string, string> } = {},
): Promise<HostReply> {
  return new Promise((resolve, reject) => {
    http
      .request(
        {
          host: '127.0.0.1',
          port,
          method: opts.method ?? 'GET',
          path: pathname,
          headers: { ...opts.headers, host },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      )
      .on('error', reject)
      .end();
  });
}

import { spawn } from 'node:child_process';

/** `npm run dev`: the real server (restarted on change) plus Vite's hot-reloading shell in front of it. */
const port = process.env.PORT ?? '5178';
const devPort = process.env.ROOM_DEV_PORT ?? '5173';
const devOrigin = `http://127.0.0.1:${devPort}`;
const env = { ...process.env, PORT: port, ROOM_DEV_PORT: devPort, ROOM_DEV_ORIGIN: devOrigin };

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1'], {
    stdio: 'inherit',
    env,
  }),
];
console.log(
  `Shell with hot reload: ${devOrigin} (sign in once through the link the server prints; cookies span ports)`,
);
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

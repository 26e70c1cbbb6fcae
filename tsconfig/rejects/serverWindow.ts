// Server code cannot reach the DOM: tsconfig/server.json has no "DOM" lib.
export const href = window.location.href;

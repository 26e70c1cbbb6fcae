// Frame code cannot reach Node: tsconfig/frame.json loads no @types/node.
export const mode = process.env.NODE_ENV;

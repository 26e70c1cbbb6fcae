// Vite's `?raw` suffix: the file's text, bundled as a string (runtime/frame/tailwind.ts).
declare module '*.css?raw' {
  const text: string;
  export default text;
}

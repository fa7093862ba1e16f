import { defineConfig } from 'vite';

// No React plugin: Vite's own transform compiles JSX for React 19's automatic runtime.
export default defineConfig({ oxc: { jsx: { runtime: 'automatic', importSource: 'react' } } });

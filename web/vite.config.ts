// The browser table's build: `npm run build` writes the shipped files into the Python
// package (src/jokeren/web/), so `pip install .` needs no Node. CI builds again and fails
// when the shipped build differs from the sources (.ci/run).
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [svelte()],
  base: "/",
  build: {
    outDir: "../src/jokeren/web",
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
  },
  server: {
    proxy: {
      "/api": "http://127.0.0.1:8000",
      "/ws": { target: "ws://127.0.0.1:8000", ws: true },
    },
  },
  test: {
    include: ["src/**/*.test.ts"],
    environment: "node",
    setupFiles: ["src/lib/setup-tests.ts"],
  },
});

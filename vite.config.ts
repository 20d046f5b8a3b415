import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// React, React DOM and React Router in one long-cached chunk, named so that `npm run bench`
// can tell the framework's bytes from the product's own.
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/;

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    // The Worker minified: a new isolate parses and compiles every module before its first answer,
    // and comments and long names were a third of the upload (decision 040). Source maps stay.
    ssr: { build: { minify: true } },
    client: {
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: "framework", test: FRAMEWORK }] } },
        },
      },
    },
  },
});

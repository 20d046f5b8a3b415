import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The pages link to each other with document navigations, so lazy route discovery would only
  // fetch /__manifest after every hydration for links React Router never follows. The whole
  // manifest is one small module instead.
  routeDiscovery: { mode: "initial" },
} satisfies Config;

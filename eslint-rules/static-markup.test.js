// The static-markup rules must fail on exactly the code that would go inert in the browser.
// Run by `npm run lint` (node --test).
import { after, describe, it } from "node:test";
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { staticMarkupPlugin } from "./static-markup.js";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = after;

const ruleTester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

const header = "/repo/app/layout/site-header.tsx";
const route = "/repo/app/features/site/routes/services.tsx";
const formRoute = "/repo/app/features/site/routes/contact.tsx";

ruleTester.run("no-interactive-code", staticMarkupPlugin.rules["no-interactive-code"], {
  valid: [
    {
      name: "plain links, data, static components and location are fine",
      filename: header,
      code: `
        import { useLocation } from "react-router";
        import type { ReactNode } from "react";
        import { shop } from "~/content/shop";
        import { CallButton } from "~/ui/button";
        import { MenuIcon } from "../ui/icons";
        export function SiteHeader() {
          const { pathname } = useLocation();
          return <a href="/" aria-current={pathname === "/" ? "page" : undefined}>{shop.name}<CallButton /><MenuIcon /></a>;
        }`,
    },
    {
      name: "a route that declares hydrate may use anything",
      filename: formRoute,
      options: [{ unlessHydrated: true }],
      code: `
        import { useState } from "react";
        import { Form } from "react-router";
        import { ContactForm } from "~/features/submissions/components/page-forms";
        export const handle = { hydrate: true, pageCache: publicPage };
        export default function Contact() { const [a] = useState(0); return <Form onSubmit={() => {}}><ContactForm /></Form>; }`,
    },
    {
      name: "type-only imports carry no code",
      filename: header,
      code: `import type { LinkProps } from "react-router"; import type { ToastMessage } from "~/ui/toast/toast-store";`,
    },
  ],
  invalid: [
    {
      name: "an event handler",
      filename: header,
      code: `export function SiteHeader() { return <button onClick={() => alert(1)}>Menu</button>; }`,
      errors: [{ messageId: "handler" }],
    },
    {
      name: "state and effect hooks, also through the React namespace",
      filename: header,
      code: `
        import React, { useEffect, useState } from "react";
        export function SiteHeader() { const [open] = useState(false); useEffect(() => {}); React.useRef(null); return null; }`,
      errors: [{ messageId: "reactApi" }, { messageId: "reactApi" }, { messageId: "reactApi" }],
    },
    {
      name: "client-side navigation",
      filename: header,
      code: `import { Link, NavLink, Form } from "react-router";`,
      errors: [{ messageId: "routerApi" }, { messageId: "routerApi" }, { messageId: "routerApi" }],
    },
    {
      name: "a module that is not static: an interactive component, a hook module, a UI library",
      filename: header,
      code: `
        import { ContactForm } from "~/features/submissions/components/page-forms";
        import { useHydrated } from "../use-hydrated";
        import * as Toast from "@radix-ui/react-toast";`,
      errors: [{ messageId: "module" }, { messageId: "module" }, { messageId: "module" }],
    },
    {
      name: "a route of a page without JavaScript",
      filename: route,
      options: [{ unlessHydrated: true }],
      code: `
        import { Link } from "react-router";
        export const handle = { pageCache: publicPage };
        export default function Services() { return <Link to="/about" onMouseEnter={() => {}}>About</Link>; }`,
      errors: [{ messageId: "routerApi" }, { messageId: "handler" }],
    },
  ],
});

ruleTester.run("static-markup-children", staticMarkupPlugin.rules["static-markup-children"], {
  valid: [
    {
      name: "one block from a static module behind the SSR guard",
      filename: formRoute,
      code: `
        import { ContactAside } from "~/features/site/static/contact";
        import { SiteFooter } from "../layout/site-footer";
        export default function Contact() {
          return <><StaticMarkup id="a">{import.meta.env.SSR && <ContactAside />}</StaticMarkup>
            <StaticMarkup id="b">{import.meta.env.SSR && <SiteFooter />}</StaticMarkup></>;
        }`,
    },
  ],
  invalid: [
    {
      name: "a block defined in the route module, where no rule checks it",
      filename: formRoute,
      code: `
        function Aside() { return <aside />; }
        export default function Contact() { return <StaticMarkup id="a">{import.meta.env.SSR && <Aside />}</StaticMarkup>; }`,
      errors: [{ messageId: "source" }],
    },
    {
      name: "a block imported from an interactive folder",
      filename: formRoute,
      code: `
        import { ContactForm } from "~/features/submissions/components/page-forms";
        export default function Contact() { return <StaticMarkup id="a">{import.meta.env.SSR && <ContactForm />}</StaticMarkup>; }`,
      errors: [{ messageId: "source" }],
    },
    {
      name: "markup without the guard, which would ship the block to the browser",
      filename: formRoute,
      code: `
        import { ContactAside } from "~/features/site/static/contact";
        export default function Contact() { return <StaticMarkup id="a"><ContactAside /></StaticMarkup>; }`,
      errors: [{ messageId: "shape" }],
    },
  ],
});

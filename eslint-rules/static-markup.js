// Local ESLint rules that keep markup the browser never re-renders free of code that only works
// when it does. Why: docs/decisions/008-static-markup.md.
//
// - `no-interactive-code`: in a static module (header, footer, sections, ui, the static blocks of
//   the form pages, and the route modules of pages that ship no JavaScript), no event handler
//   props, no state or effect hooks, no client-side navigation (Link, NavLink, Form…), and no
//   imports from modules that are not static themselves. Such code renders on the server without
//   a complaint and then does nothing in the browser.
// - `static-markup-children`: what `<StaticMarkup>` wraps is `{import.meta.env.SSR && <Block />}`,
//   with Block imported from a static module, so the first rule has checked it.
import path from "node:path";

/**
 * Folders (under app/) whose modules render markup that the browser never re-renders: their own
 * files, not their subfolders (app/ui/forms/, app/ui/toast/ and app/ui/hydration/ are interactive).
 */
export const STATIC_COMPONENT_FOLDERS = [
  "ui",
  "layout",
  "features/site/sections",
  "features/site/static",
  "features/estimates/static",
];

/** Whether an app module (`~/…`) is a file of one of the static folders. */
export function isStaticComponent(module) {
  return STATIC_COMPONENT_FOLDERS.some(
    (folder) => module.startsWith(`~/${folder}/`) && !module.slice(folder.length + 3).includes("/"),
  );
}

const REACT_INTERACTIVE = new Set([
  "useState",
  "useReducer",
  "useEffect",
  "useLayoutEffect",
  "useInsertionEffect",
  "useEffectEvent",
  "useRef",
  "useImperativeHandle",
  "useSyncExternalStore",
  "useTransition",
  "useDeferredValue",
  "useActionState",
  "useOptimistic",
  "startTransition",
  "lazy",
]);

const ROUTER_INTERACTIVE = new Set([
  "Link",
  "NavLink",
  "Form",
  "Await",
  "Scripts",
  "ScrollRestoration",
  "useNavigate",
  "useNavigation",
  "useFetcher",
  "useFetchers",
  "useSubmit",
  "useRevalidator",
  "useSearchParams",
  "useBlocker",
  "useBeforeUnload",
  "useActionData",
]);

// App modules a static module may use: data, server code, and the static components themselves.
const STATIC_APP_MODULE =
  /^~\/(content\/|hours\/|seo\/|db\/|http\/|mail\/|rendering\/|route-handle$|private-paths$)|\.server$|\/server\//;
const isStaticAppModule = (module) => STATIC_APP_MODULE.test(module) || isStaticComponent(module);
const PACKAGES = new Set(["react", "react-router"]);

/** An import source as an app path (`~/…`), resolving relative imports against the file. */
function appModule(source, filename) {
  if (source.startsWith("~/")) return source;
  if (!source.startsWith(".")) return null;
  const resolved = path.resolve(path.dirname(filename), source).split(path.sep).join("/");
  const index = resolved.lastIndexOf("/app/");
  return index === -1 ? null : `~/${resolved.slice(index + "/app/".length)}`;
}

function isTypeOnly(node, specifier) {
  return node.importKind === "type" || specifier?.importKind === "type";
}

/** True when the module's `handle` export is an object literal that sets `hydrate: true`. */
function declaresHydration(program) {
  for (const statement of program.body) {
    if (statement.type !== "ExportNamedDeclaration" || statement.declaration?.type !== "VariableDeclaration") continue;
    for (const declarator of statement.declaration.declarations) {
      if (declarator.id.type !== "Identifier" || declarator.id.name !== "handle") continue;
      const init = declarator.init?.type === "TSSatisfiesExpression" ? declarator.init.expression : declarator.init;
      if (init?.type !== "ObjectExpression") return false;
      return init.properties.some(
        (property) =>
          property.type === "Property" &&
          property.key.type === "Identifier" &&
          property.key.name === "hydrate" &&
          property.value.type === "Literal" &&
          property.value.value === true,
      );
    }
  }
  return false;
}

const noInteractiveCode = {
  meta: {
    type: "problem",
    docs: { description: "Forbid code that only works in the browser in markup the browser never re-renders" },
    schema: [{ type: "object", properties: { unlessHydrated: { type: "boolean" } }, additionalProperties: false }],
    messages: {
      handler:
        "`{{name}}` does nothing here: this markup is rendered on the server only and never hydrated (docs/decisions/008-static-markup.md). Use a plain link or form, or move this into a component that hydrates.",
      reactApi:
        "`{{name}}` does nothing here: this markup is rendered on the server only and never hydrated (docs/decisions/008-static-markup.md).",
      routerApi:
        "`{{name}}` needs the browser's router, which this markup never has (docs/decisions/008-static-markup.md). Use a plain <a href> (the next page loads as a document).",
      module:
        "`{{source}}` is not a static module: markup rendered on the server only may use data, server code and the components in app/({{folders}})/ (docs/decisions/008-static-markup.md).",
    },
  },
  create(context) {
    const { unlessHydrated = false } = context.options[0] ?? {};
    const problems = [];
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (PACKAGES.has(source)) {
          const forbidden = source === "react" ? REACT_INTERACTIVE : ROUTER_INTERACTIVE;
          for (const specifier of node.specifiers) {
            if (specifier.type !== "ImportSpecifier" || isTypeOnly(node, specifier)) continue;
            const name = specifier.imported.name;
            if (forbidden.has(name)) {
              problems.push({
                node: specifier,
                messageId: source === "react" ? "reactApi" : "routerApi",
                data: { name },
              });
            }
          }
          return;
        }
        if (isTypeOnly(node) || source.startsWith("./+types/")) return;
        const module = appModule(source, context.filename);
        if (module === null || !isStaticAppModule(module)) {
          problems.push({
            node: node.source,
            messageId: "module",
            data: { source, folders: STATIC_COMPONENT_FOLDERS.join("|") },
          });
        }
      },
      JSXAttribute(node) {
        if (node.name.type === "JSXIdentifier" && /^on[A-Z]/.test(node.name.name)) {
          problems.push({ node, messageId: "handler", data: { name: node.name.name } });
        }
      },
      MemberExpression(node) {
        // React.useState and the like.
        if (
          node.object.type === "Identifier" &&
          node.object.name === "React" &&
          node.property.type === "Identifier" &&
          REACT_INTERACTIVE.has(node.property.name)
        ) {
          problems.push({ node, messageId: "reactApi", data: { name: `React.${node.property.name}` } });
        }
      },
      "Program:exit"(program) {
        if (unlessHydrated && declaresHydration(program)) return;
        for (const problem of problems) context.report(problem);
      },
    };
  },
};

function isSsrGuard(node) {
  // import.meta.env.SSR
  return (
    node.type === "MemberExpression" &&
    node.property.type === "Identifier" &&
    node.property.name === "SSR" &&
    node.object.type === "MemberExpression" &&
    node.object.property.type === "Identifier" &&
    node.object.property.name === "env" &&
    node.object.object.type === "MetaProperty"
  );
}

const staticMarkupChildren = {
  meta: {
    type: "problem",
    docs: { description: "StaticMarkup wraps one block from a static module, guarded by import.meta.env.SSR" },
    schema: [],
    messages: {
      shape:
        "StaticMarkup takes exactly `{import.meta.env.SSR && <Block />}`: the guard keeps Block out of the client bundle (docs/decisions/008-static-markup.md).",
      source:
        "`{{name}}` must be imported from app/({{folders}})/, where the no-interactive-code rule checks it (docs/decisions/008-static-markup.md).",
    },
  },
  create(context) {
    return {
      JSXElement(node) {
        const name = node.openingElement.name;
        if (name.type !== "JSXIdentifier" || name.name !== "StaticMarkup") return;
        const children = node.children.filter((child) => !(child.type === "JSXText" && child.value.trim() === ""));
        const [child] = children;
        const expression = child?.type === "JSXExpressionContainer" ? child.expression : null;
        const block =
          children.length === 1 &&
          expression?.type === "LogicalExpression" &&
          expression.operator === "&&" &&
          isSsrGuard(expression.left) &&
          expression.right.type === "JSXElement" &&
          expression.right.openingElement.name.type === "JSXIdentifier"
            ? expression.right.openingElement.name
            : null;
        if (!block) {
          context.report({ node, messageId: "shape" });
          return;
        }
        let scope = context.sourceCode.getScope(node);
        let variable = scope.set.get(block.name);
        while (!variable && scope.upper) {
          scope = scope.upper;
          variable = scope.set.get(block.name);
        }
        const definition = variable?.defs[0];
        const source = definition?.type === "ImportBinding" ? definition.parent.source.value : null;
        const module = source === null ? null : appModule(source, context.filename);
        const isStatic = module !== null && isStaticComponent(module);
        if (!isStatic) {
          context.report({
            node: block,
            messageId: "source",
            data: { name: block.name, folders: STATIC_COMPONENT_FOLDERS.join("|") },
          });
        }
      },
    };
  },
};

export const staticMarkupPlugin = {
  meta: { name: "static-markup" },
  rules: { "no-interactive-code": noInteractiveCode, "static-markup-children": staticMarkupChildren },
};

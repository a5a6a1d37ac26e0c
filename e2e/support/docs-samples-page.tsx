// The page e2e/tests/docs-samples.spec.ts runs the docs' browser samples on (docs/writing-docs.md, `ts browser`):
// bundled with the samples by ./docs-samples.ts, it keeps each sample's module and says what each export is, so
// the spec can exercise it. Renders go into a section of their own each, inside a provider of the dev project.
import { GatehouseProvider, Login, type LoginConfig } from '@gatehouse/react';
import { createClient, type GatehouseClient } from '@gatehouse/sdk';
import { type ComponentType, createElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * What an export of a sample is, which decides what the spec does with it:
 * - `config`: a LoginConfig (an object with `products`), rendered in `<Login config>`;
 * - `element`: a React element (`<Login … />`), rendered as it is;
 * - `component`: a function named in PascalCase, rendered as `<Name />`;
 * - `function`: any other function, called by the spec's check of that name;
 * - `object`: anything else (the Stytch UI client), handled by the spec's check of that name.
 */
export type SampleExportKind = 'config' | 'element' | 'component' | 'function' | 'object';

export interface SampleExport {
  /** `docs/page.md:line` of the sample. */
  sample: string;
  name: string;
  kind: SampleExportKind;
  /** `config`: the LoginConfig; `element`: its props that are plain data (locale, strings, config). */
  detail: unknown;
}

export interface DocsSamplesPage {
  modules: Record<string, Record<string, unknown>>;
  /** A client of the dev project, for the checks' own calls (making a real API error, sending a passcode). */
  client: GatehouseClient;
  exports(): SampleExport[];
  /** Renders a config, element or component export into `<section data-sample="sample#name">`. */
  render(sample: string, name: string): void;
}

declare global {
  interface Window {
    docsSamples: DocsSamplesPage;
  }
}

function kindOf(name: string, value: unknown): SampleExportKind {
  if (isValidElement(value)) return 'element';
  if (typeof value === 'function') return /^[A-Z]/.test(name) ? 'component' : 'function';
  if (typeof value === 'object' && value !== null && Array.isArray((value as LoginConfig).products)) {
    return 'config';
  }
  return 'object';
}

function detailOf(kind: SampleExportKind, value: unknown): unknown {
  if (kind === 'config') return value;
  if (kind !== 'element') return null;
  const { locale, strings, config } = (value as ReactElement<Record<string, unknown>>).props;
  return { locale: locale ?? null, strings: strings ?? null, config: config ?? null };
}

/** Called by the bundle's entry with every sample's module, keyed by where it is in the docs. */
export function startDocsSamplesPage(options: {
  modules: Record<string, Record<string, unknown>>;
  publicToken: string;
}): void {
  const client = createClient(options.publicToken, { baseUrl: window.location.origin });
  window.docsSamples = {
    modules: options.modules,
    client,
    exports: () =>
      Object.entries(options.modules).flatMap(([sample, module]) =>
        Object.entries(module).map(([name, value]) => {
          const kind = kindOf(name, value);
          return { sample, name, kind, detail: detailOf(kind, value) };
        }),
      ),
    render(sample, name) {
      const value = options.modules[sample]?.[name];
      const kind = kindOf(name, value);
      let node: ReactNode;
      if (kind === 'config') node = <Login config={value as LoginConfig} />;
      else if (kind === 'element') node = value as ReactElement;
      else if (kind === 'component') node = createElement(value as ComponentType);
      else throw new Error(`${sample} ${name}: a ${kind} is not rendered`);
      const section = document.createElement('section');
      section.dataset.sample = `${sample}#${name}`;
      document.body.append(section);
      createRoot(section).render(<GatehouseProvider client={client}>{node}</GatehouseProvider>);
    },
  };
}

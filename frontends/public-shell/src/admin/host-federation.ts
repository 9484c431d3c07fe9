import { createInstance, type ModuleFederation } from '@module-federation/runtime';
import * as ReactQuery from '@tanstack/react-query';
import { version as reactQueryVersion } from '@tanstack/react-query/package.json';
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import * as ReactRouter from 'react-router';
import { version as reactRouterVersion } from 'react-router/package.json';
import { ADMIN_REMOTE_NAME, federationShared } from '../../../shared/federation-shared.mts';

/** The host's name in the federation; the remote sees its shared modules as coming from it. */
const HOST_NAME = 'public_shell';

type SharedName = keyof typeof federationShared;
type SharedOptions = NonNullable<Parameters<typeof createInstance>[0]['shared']>;

/**
 * The host's own module instances of every shared package (and the subpaths
 * the remote imports), the very ones the page is already rendering with.
 * Typed by `federationShared`, so a package added there must be given here.
 */
const hostModules: Record<SharedName, { version: string; modules: Record<string, object> }> = {
  react: { version: React.version, modules: { react: React, 'react/jsx-runtime': JsxRuntime } },
  'react-dom': { version: ReactDom.version, modules: { 'react-dom': ReactDom, 'react-dom/client': ReactDomClient } },
  'react-router': { version: reactRouterVersion, modules: { 'react-router': ReactRouter } },
  '@tanstack/react-query': { version: reactQueryVersion, modules: { '@tanstack/react-query': ReactQuery } },
};

function hostShared(): SharedOptions {
  const shared: SharedOptions = {};
  for (const name of Object.keys(federationShared) as SharedName[]) {
    const { singleton, requiredVersion } = federationShared[name];
    const { version, modules } = hostModules[name];
    for (const [id, module] of Object.entries(modules)) {
      shared[id] = { version, lib: () => module, shareConfig: { singleton, requiredVersion } };
    }
  }
  return shared;
}

let instance: ModuleFederation | undefined;

/**
 * The host's federation runtime, created on the first /admin visit only
 * (DESIGN §7: public pages load nothing of the admin or of federation). It
 * registers the remote at `entry` and offers the host's react, react-dom,
 * react-router and react-query as the singletons the remote resolves to
 * (the same `federationShared` config the remote is built with), so the
 * remote renders inside the host's React tree, router and QueryClient.
 */
export function hostFederation(entry: string): ModuleFederation {
  instance ??= createInstance({
    name: HOST_NAME,
    remotes: [{ name: ADMIN_REMOTE_NAME, entry, type: 'module' }],
    shared: hostShared(),
  });
  return instance;
}

// The only file that listens (DESIGN.md convention 2). Configuration comes from the environment and is
// validated before anything starts: a bad value exits non-zero with a message naming the key.
import { buildApp, type GatehouseApp } from './app';
import { ConfigError, loadConfig } from './infra/config';
import { drainAndClose } from './infra/health';
import { hasScriptTagBuild } from './infra/script-tag';
import { hasWebBuild } from './infra/static-web';

async function main(): Promise<void> {
  let app: GatehouseApp;
  try {
    const config = loadConfig(process.env);
    app = await buildApp({ config, appProjectId: process.env.APP_PROJECT_ID?.trim() || null });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { config } = app.gatehouse;

  // Issue 23 item 7 (infra/health.ts): the first SIGTERM/SIGINT drains — readiness 503 for SHUTDOWN_DRAIN_SECONDS
  // while requests are still served — then closes once every request in flight is answered. A second Ctrl-C skips
  // what is left of the drain, never the requests in flight; a repeated SIGTERM does not (systemd's default
  // KillMode signals every process of the unit, so `npm start` and the server it forwards to both send one).
  let closing: Promise<void> | null = null;
  let cutDrainShort: () => void = () => {};
  const shutdown = (signal: string): void => {
    if (closing !== null) {
      if (signal === 'SIGINT') cutDrainShort();
      return;
    }
    app.log.info({ signal, drainSeconds: config.shutdownDrainSeconds }, 'shutting down');
    closing = drainAndClose(app, app.gatehouseHealth, {
      drainMs: config.shutdownDrainSeconds * 1000,
      wait: (ms) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          cutDrainShort = () => {
            clearTimeout(timer);
            resolve();
          };
        }),
    });
    closing.then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });

  console.log(`Gatehouse listening on ${config.publicUrl}`);
  console.log(describeInterfaces(config.host));
  // Issue 26 item 1: the console and the admin API on a listener of their own (CONSOLE_PORT).
  const consoleListener = await app.gatehouseConsole.listen();
  if (consoleListener !== null) {
    const shown =
      config.consoleExposure.publicUrl ?? `http://${consoleListener.host}:${consoleListener.port}`;
    console.log(
      `The console and the admin API answer only on ${consoleListener.host}:${consoleListener.port} (${shown}/console).`,
    );
  }
  const { devProject, createdProjects } = app.gatehouseStartup;
  if (devProject !== null) {
    console.log(`Development project ${devProject.id}: public token ${devProject.publicTokenTest}`);
    // Issue 21 item 3: the origins of apps under development it also serves (DEV_ALLOWED_ORIGINS, the project file).
    const { origins } = app.gatehouse.projects.development;
    if (origins.length > 0) {
      console.log(
        `The development project also allows calls from ${origins.join(', ')}, and redirect URLs at any path on them.`,
      );
    }
  }
  for (const { project, secret } of createdProjects) {
    // Shown once: only the secret's SHA-256 is stored.
    console.log(
      `Created project "${project.name}" (${project.id}): public tokens ${project.publicTokenTest} / ${project.publicTokenLive}; secret ${secret} (shown once, store it now)`,
    );
  }
  if (config.webDistDir !== null && !hasWebBuild(config.webDistDir)) {
    console.log(`The web app is not built (${config.webDistDir} is missing): run npm run build.`);
  }
  // Issue 26 item 1: the operator console at /console (apps/console/dist).
  if (config.consoleDistDir !== null && !hasWebBuild(config.consoleDistDir)) {
    console.log(`The console is not built (${config.consoleDistDir} is missing): run npm run build.`);
  }
  if (config.scriptTagDir !== null && !hasScriptTagBuild(config.scriptTagDir)) {
    console.log(`The script tag is not built (${config.scriptTagDir} is missing): run npm run build.`);
  }
}

/**
 * Issue 8 item 3: say which interfaces the server is reachable on and how to change it — a development server
 * listens on loopback only unless HOST is set (infra/config.ts).
 */
function describeInterfaces(host: string): string {
  if (host === '0.0.0.0' || host === '::') return `Listening on every interface (HOST=${host}).`;
  if (host === '127.0.0.1' || host === 'localhost' || host === '::1') {
    return `Listening on ${host} only; set HOST=0.0.0.0 to listen on every interface.`;
  }
  return `Listening on ${host} only (HOST).`;
}

main().catch((error: unknown) => {
  console.error('Gatehouse failed to start:', error);
  process.exit(1);
});

// Issue 26 item 1: the frame of every signed-in screen — a skip link, the banner (product, project, theme, the
// operator's e-mail and role, sign out), the navigation (each entry only for a role that can read it), and the main
// region. After an in-app navigation focus moves to the new page's heading (components/heading-focus.tsx).
import { Link, useLocation } from '@tanstack/react-router';
import { type ReactNode, useId } from 'react';
import { HeadingFocusProvider } from './components/heading-focus';
import { type Scope, useOperator } from './console-context';
import { STRINGS } from './strings';
import { ThemeToggle } from './theme';

const NAV: ReadonlyArray<{
  to:
    | '/'
    | '/users'
    | '/activity'
    | '/messages'
    | '/webhooks'
    | '/settings'
    | '/branding'
    | '/import'
    | '/operators'
    | '/api-keys'
    | '/security'
    | '/system';
  label: string;
  scope: Scope;
}> = [
  { to: '/', label: STRINGS.shell.overview, scope: 'stats:read' },
  { to: '/users', label: STRINGS.shell.users, scope: 'users:read' },
  { to: '/activity', label: STRINGS.shell.activity, scope: 'events:read' },
  { to: '/messages', label: STRINGS.messages.title, scope: 'messages:read' },
  { to: '/webhooks', label: STRINGS.webhooks.title, scope: 'webhooks:read' },
  { to: '/settings', label: STRINGS.shell.settings, scope: 'projects:read' },
  { to: '/branding', label: STRINGS.branding.nav, scope: 'projects:read' },
  { to: '/import', label: STRINGS.importExport.title, scope: 'imports:write' },
  { to: '/operators', label: STRINGS.operators.title, scope: 'operators:read' },
  { to: '/api-keys', label: STRINGS.apiKeys.title, scope: 'keys:read' },
  { to: '/security', label: STRINGS.security.title, scope: 'stats:read' },
  { to: '/system', label: STRINGS.system.title, scope: 'system:read' },
];

export function Shell({ children }: { children: ReactNode }) {
  const operator = useOperator();
  const { me } = operator;
  const pathname = useLocation({ select: (location) => location.pathname });

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {STRINGS.skipToContent}
      </a>
      <header className="shell-header">
        <p className="product-name">{STRINGS.productName}</p>
        <ProjectPicker />
        <div className="shell-operator">
          <ThemeToggle />
          <p className="operator" data-testid="operator">
            <span className="visually-hidden">{STRINGS.shell.signedInAs} </span>
            <span className="operator-email">{me.email ?? me.actor.id}</span>{' '}
            <span className="badge" title={STRINGS.shell.role}>
              {me.role === null ? STRINGS.shell.apiKey : (STRINGS.shell.roles[me.role] ?? me.role)}
            </span>
            {me.masked ? <span className="badge badge-muted">{STRINGS.shell.masked}</span> : null}
          </p>
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => void operator.signOut()}
          >
            {STRINGS.shell.signOut}
          </button>
        </div>
      </header>
      <nav className="shell-nav" aria-label={STRINGS.shell.nav}>
        <ul>
          {NAV.filter((item) => operator.can(item.scope)).map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                activeOptions={{ exact: item.to === '/', includeSearch: false }}
                activeProps={{ 'aria-current': 'page', className: 'active' }}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="shell-main" tabIndex={-1}>
        <HeadingFocusProvider pathname={pathname}>
          {operator.projectId === null ? <NoProject /> : children}
        </HeadingFocusProvider>
      </main>
    </div>
  );
}

function ProjectPicker() {
  const { projects, projectId, setProjectId } = useOperator();
  const id = useId();
  if (projects.length < 2) return null;
  return (
    <div className="project-picker">
      <label htmlFor={id}>{STRINGS.shell.project}</label>
      <select id={id} value={projectId ?? ''} onChange={(event) => setProjectId(event.target.value)}>
        {projects.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name}
            {project.is_development ? ` ${STRINGS.shell.development}` : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

function NoProject() {
  const { can } = useOperator();
  return (
    <section className="page" aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        {STRINGS.shell.project}
      </h1>
      <p role="alert">{can('projects:read') ? STRINGS.shell.noProjects : STRINGS.shell.projectsRefused}</p>
    </section>
  );
}

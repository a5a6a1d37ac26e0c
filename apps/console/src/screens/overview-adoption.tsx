// Issue 26 "Overview: passkey and second-factor adoption": the share of the project's users holding a passkey and
// holding a second factor (a confirmed authenticator app, the factor `require_second_factor` asks for), from the
// stats answer's `adoption` (features/admin/adoption.ts). Held now, not over the range: the panel says so.
import type { Stats } from '../admin-types';
import { EmptyState } from '../components/states';
import { STRINGS } from '../strings';

function percent(part: number, whole: number): string {
  return `${whole === 0 ? 0 : Math.round((part / whole) * 100)}%`;
}

export function AdoptionPanel({ adoption }: { adoption: Stats['adoption'] }) {
  const rows = [
    { id: 'passkeys', label: STRINGS.adoption.passkeys, part: adoption.passkey_users },
    { id: 'second-factor', label: STRINGS.adoption.secondFactor, part: adoption.second_factor_users },
  ];
  return (
    <section className="panel" aria-labelledby="adoption-heading" data-testid="adoption">
      <h2 id="adoption-heading">{STRINGS.adoption.heading}</h2>
      <p className="hint">{STRINGS.adoption.intro}</p>
      {adoption.users === 0 ? (
        <EmptyState title={STRINGS.adoption.empty} />
      ) : (
        <dl className="adoption">
          {rows.map((row) => (
            <div key={row.id} data-testid={`adoption-${row.id}`}>
              <dt>{row.label}</dt>
              <dd>
                <span className="adoption-percent">{percent(row.part, adoption.users)}</span>{' '}
                <span className="muted">{STRINGS.adoption.share(row.part, adoption.users)}</span>
                <meter
                  className="adoption-meter"
                  min={0}
                  max={adoption.users}
                  value={row.part}
                  aria-label={row.label}
                />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

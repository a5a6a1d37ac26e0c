// Issue 22 Deliver 2: the account page opens with who this is, as Clerk's <UserProfile/> and Auth0's account page
// do: the name when there is one, the primary e-mail address and phone number (the first verified one, else the
// first), and since when the account exists. No ids (issue 22 finding 7).
import type { UserView } from '../app-client';
import { formatDateTime } from '../locale';
import { STRINGS } from '../strings';

/** The first verified entry, else the first, else null. */
function primary<T extends { verified: boolean }>(items: ReadonlyArray<T>): T | null {
  return items.find((item) => item.verified) ?? items[0] ?? null;
}

function fullName(user: UserView): string {
  const name = user.name;
  if (name === undefined) return '';
  return [name.first_name, name.middle_name, name.last_name]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}

/** The day only ("Jan 2, 2025", "2 janv. 2025") in the app's locale (issue 27 item 2). */
function memberSince(value: string): string {
  return formatDateTime(value, { dateStyle: 'medium' });
}

export function ProfileSection({ user }: { user: UserView }) {
  const name = fullName(user);
  const email = primary(user.emails);
  const phone = primary(user.phone_numbers);
  return (
    <section aria-labelledby="account-profile-heading" data-testid="account-profile">
      <h2 id="account-profile-heading">{STRINGS.account.profileSection}</h2>
      <dl className="details profile-details">
        {name !== '' ? (
          <>
            <dt>{STRINGS.account.nameLabel}</dt>
            <dd>{name}</dd>
          </>
        ) : null}
        {email !== null ? (
          <>
            <dt>{STRINGS.account.primaryEmailLabel}</dt>
            {/* Issue 27 item 3: left to right inside a right-to-left page, still aligned with the page. */}
            <dd>
              <span dir="ltr">{email.email}</span>
            </dd>
          </>
        ) : null}
        {phone !== null ? (
          <>
            <dt>{STRINGS.account.primaryPhoneLabel}</dt>
            <dd>
              <span dir="ltr">{phone.phone_number}</span>
            </dd>
          </>
        ) : null}
        {user.created_at !== undefined ? (
          <>
            <dt>{STRINGS.account.memberSince}</dt>
            <dd>
              <time dateTime={user.created_at}>{memberSince(user.created_at)}</time>
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

import { Link } from '@tanstack/react-router';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';

/** A console address that names no page (the server serves index.html for every /console/* path). */
export function NotFoundScreen() {
  useDocumentTitle(STRINGS.states.notFound);
  return (
    <main className="centered" id="main">
      <section className="card" aria-labelledby="page-heading">
        <h1 id="page-heading">{STRINGS.states.notFound}</h1>
        <p>{STRINGS.states.notFoundBody}</p>
        <p>
          <Link to="/">{STRINGS.states.backToOverview}</Link>
        </p>
      </section>
    </main>
  );
}

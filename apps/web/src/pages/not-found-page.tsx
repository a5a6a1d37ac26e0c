import { Link } from '../router';
import { STRINGS } from '../strings';
import { useDocumentTitle } from '../use-document-title';

export function NotFoundPage() {
  useDocumentTitle(STRINGS.documentTitle.notFound);
  return (
    <section className="card" aria-labelledby="page-heading">
      <h1 id="page-heading">{STRINGS.notFound.heading}</h1>
      <p>{STRINGS.notFound.body}</p>
      <p>
        <Link to="/">{STRINGS.notFound.backToSignIn}</Link>
      </p>
    </section>
  );
}

import { ClientOnlyGatehouse } from './gatehouse';
import { SignIn } from './sign-in';

// A server component: the widget renders inside the client components it imports.
export default function Home() {
  return (
    <>
      <h1>Gatehouse in a Next.js app</h1>
      <ClientOnlyGatehouse>
        <SignIn />
      </ClientOnlyGatehouse>
    </>
  );
}

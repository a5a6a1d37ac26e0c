/** @type {import('next').NextConfig} */
const nextConfig = {
  // The example runs inside the Gatehouse repository's tests; keep Next.js from looking for a workspace root above.
  outputFileTracingRoot: import.meta.dirname,
  turbopack: { root: import.meta.dirname },
};

export default nextConfig;

// What `npm start` prints once the portal answers: where to open it and how to sign in (the demo accounts of README.md).

/** The address a browser on this machine opens: the bound host, or localhost when the server listens on every address. */
export function portalAddress(env = process.env) {
  const host = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const base = `http://${host}:${env.PORT || 8080}`;
  // On premises the administrators sign in at /d/ (spec 000 §2).
  return env.PORTAL_DEPLOYMENT === 'on_prem' ? `${base}/d/` : `${base}/`;
}

/** The lines printed when the server is ready. */
export function readyLines(env = process.env) {
  const address = portalAddress(env);
  const lines = [`The portal is ready: open ${address} and sign in as admin with the password admin-demo.`];
  if (env.PORTAL_DEPLOYMENT !== 'on_prem') {
    lines.push(`The provider console is at ${address}provider/ (operator / operator-demo). Other demo accounts: README.md.`);
  }
  return lines;
}

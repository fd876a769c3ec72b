import { dirname } from 'node:path';
import express, { type Router } from 'express';

// The package's folder: its main module would evaluate the 1.5 MB browser bundle at every start
// (to export it) only for the path of the files served here.
const SWAGGER_UI = dirname(require.resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Talent directory REST API</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#ui', persistAuthorization: true });`;

/** The interactive API reference at /docs, served from the swagger-ui-dist package (no CDN). */
export function docsRouter(): Router {
  const router = express.Router();
  router.get('/', (_req, res) => {
    res.type('html').send(PAGE);
  });
  router.get('/init.js', (_req, res) => {
    res.type('application/javascript').send(INIT);
  });
  router.use('/assets', express.static(SWAGGER_UI, { index: false, maxAge: '1d' }));
  return router;
}

// The page lives at <BASE_PATH>/docs/, so the document is one level up, and "Try it out"
// calls the host the page came from, whatever absolute server the document names for generated clients.
const base = new URL('..', window.location.href);
fetch(new URL('openapi.json', base))
  .then((res) => res.json())
  .then((spec) => {
    spec.servers = [{ url: base.href.replace(/\/$/, '') }];
    window.ui = SwaggerUIBundle({ spec, dom_id: '#swagger-ui', tryItOutEnabled: true });
  });

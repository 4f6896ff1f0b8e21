/**
 * Preloaded first by `npm run start:prod` (`node --import ./dist/production-env.js ...`): the
 * built service runs in production mode (no demo page, no development site or keys, no
 * introspection) unless NODE_ENV says otherwise. A preload rather than `NODE_ENV=production` in
 * the npm script, which Windows shells do not understand; it runs before telemetry/register.js
 * reads the configuration.
 */
process.env.NODE_ENV ??= 'production';

export {};

#!/usr/bin/env node
// `npm start`: builds when sources changed, then runs the service in this very process, so that
// the signals npm passes on (Ctrl-C, kill of the npm process) reach the server and stop it.
const { buildOrExit } = require('./build-if-stale');

buildOrExit();
require('../dist/src/main.js');

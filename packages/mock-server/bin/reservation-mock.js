#!/usr/bin/env node
// A committed shim, so that installing the workspace links the bin before dist/ is built.
import '../dist/cli.js';

#!/usr/bin/env -S node --max-semi-space-size=1 --v8-pool-size=1 --optimize-for-size
import "../dist/main.js";

// Preloaded (node --require, through NODE_OPTIONS) into every process of the
// test run on the current Node LTS (scripts/test-on-node-lts.sh). The
// project's node_modules holds better-sqlite3's native addon built for the
// machine's Node; a Node with another ABI cannot load it. This loads a build
// of the same better-sqlite3 version made for this Node instead, and only in
// a process whose ABI is the one it was built for: a process of the
// machine's Node started by a test (npm, a shell) keeps the project's own.
"use strict";

const addon = process.env.BETTER_SQLITE3_ADDON;
const abi = process.env.BETTER_SQLITE3_ADDON_ABI;
const projectBuild = /[\\/]better-sqlite3[\\/]build[\\/]Release[\\/]better_sqlite3\.node$/;

if (addon && abi === process.versions.modules) {
  const dlopen = process.dlopen;
  process.dlopen = function dlopenForThisNode(module, filename, ...rest) {
    return dlopen.call(this, module, projectBuild.test(filename) ? addon : filename, ...rest);
  };
}

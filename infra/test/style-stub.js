// Stylesheets imported by components mean nothing to Jest: they map to this empty module.
module.exports = {};

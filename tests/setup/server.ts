// Server tests never read the developer's .env: each test builds its own config.
process.env.NODE_ENV = "test";
